/** The identity provider's failure, in red under the form (SPEC.md 8). */
export function AuthError({ message }: { message: string | null }) {
  return (
    <p role="alert" className="min-h-5 text-sm text-error">
      {message}
    </p>
  );
}
