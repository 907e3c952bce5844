export function TestModeNotice() {
  return (
    <aside className="rounded-box border border-accent bg-base-200 p-4 text-sm" aria-labelledby="test-mode-title">
      <p id="test-mode-title" className="font-semibold">
        Test mode — no real card is charged
      </p>
      <ul className="mt-2 list-inside list-disc">
        <li>
          <span className="font-mono">4242 4242 4242 4242</span> — payment succeeds
        </li>
        <li>
          <span className="font-mono">4000 0000 0000 0002</span> — card is declined
        </li>
      </ul>
      <p className="mt-2">Use any future expiry date and any 3-digit CVC.</p>
    </aside>
  );
}
