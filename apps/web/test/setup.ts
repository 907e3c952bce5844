import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The web tests share two cores with the API and browser suites: a screen can take seconds to
// draw after its stubbed fetch answers. An element that never comes still fails.
configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

// jsdom has <dialog> but not its modal methods.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
