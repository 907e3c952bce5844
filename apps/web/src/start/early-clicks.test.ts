import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberEarlyClicks, replayEarlyClick } from './early-clicks.ts';

function button(type: 'button' | 'submit', onClick: (event: Event) => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = type;
  element.addEventListener('click', onClick);
  document.body.append(element);
  return element;
}

describe('early clicks', () => {
  afterEach(() => {
    replayEarlyClick();
    document.body.replaceChildren();
  });

  it('clicks the last plain button clicked before the app took over, once, when it has', () => {
    const first = vi.fn();
    const last = vi.fn();
    rememberEarlyClicks();
    button('button', first).click();
    const lastButton = button('button', last);
    lastButton.click();
    lastButton.click();
    expect(last).toHaveBeenCalledTimes(2);
    replayEarlyClick();
    expect(first).toHaveBeenCalledTimes(1);
    expect(last).toHaveBeenCalledTimes(3);
    // Later clicks are the app's alone.
    lastButton.click();
    replayEarlyClick();
    expect(last).toHaveBeenCalledTimes(4);
  });

  it('leaves submit buttons, and buttons no longer on the page, alone', () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    const gone = vi.fn();
    rememberEarlyClicks();
    button('submit', submit).click();
    replayEarlyClick();
    expect(submit).toHaveBeenCalledTimes(1);

    rememberEarlyClicks();
    const removed = button('button', gone);
    removed.click();
    removed.remove();
    replayEarlyClick();
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('remembers a click on what is inside a button', () => {
    const onClick = vi.fn();
    const element = button('button', onClick);
    const label = document.createElement('span');
    element.append(label);
    rememberEarlyClicks();
    label.click();
    replayEarlyClick();
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
