import type { SyntheticEvent } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: (query: string) => void;
};

export function SearchForm({ label, value, onChange, onSearch }: Props) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <label className="flex grow flex-col gap-1">
        <span className="text-sm">{label}</span>
        <input
          type="search"
          name="q"
          className="input input-bordered w-full"
          maxLength={100}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
