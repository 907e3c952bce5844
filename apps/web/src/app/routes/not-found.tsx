import { Link } from 'react-router';

export function Component() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-4xl font-bold">Page not found</h1>
      <p className="py-4">We could not find the page you asked for.</p>
      <Link to="/" className="btn btn-primary">
        Home
      </Link>
    </section>
  );
}
