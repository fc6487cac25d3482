// Runs before first paint (a blocking script in <head>): applies the saved
// theme so a dark page never flashes light. Mirrors src/client/lib/theme.tsx.
(function () {
  var theme = 'system';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') theme = saved;
  } catch (e) {
    // Storage can be blocked (privacy settings); fall back to the OS setting.
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' &&
      !!window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
