export function CardError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="font-semibold text-error" role="alert" data-testid="card-error">
      {message}
    </p>
  );
}
