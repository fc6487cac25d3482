// The Print button of a receipt page (src/server/modules/billing/receipt-page.ts):
// a file of our own origin, as the page runs no inline script. The button is
// hidden until this runs, so a page without scripts shows no dead button.
(function () {
  var button = document.querySelector('[data-print]');
  if (!button) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    window.print();
  });
})();
