// What happy-dom leaves out and the code under test reads. react-hook-form's
// register() asks whether a <select> was edited before the form was ready
// from `select.size` and `option.defaultSelected`; without them every native
// select looks edited and keeps its first option instead of the form's value.
// Both follow the HTML spec: `size` reflects the attribute (0 when absent),
// `defaultSelected` reflects the `selected` attribute.

if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isNaN(size) || size < 0 ? 0 : size;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}

if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    set(this: HTMLOptionElement, value: boolean) {
      this.toggleAttribute('selected', value);
    },
  });
}

// A page served from http://localhost is a secure context in a browser (so
// lib/clipboard.ts uses the Clipboard API, which user-event stubs); happy-dom
// leaves `isSecureContext` undefined.
if (!('isSecureContext' in window)) {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, get: () => true });
}
