import { Link } from 'react-router';

/**
 * What every page about one part says when the part does not exist (or is no longer sold):
 * its own page, Purchase and Edit Product.
 */
export function PartNotFound({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="part-missing">
      <Heading id="part-missing" className="text-2xl font-bold">
        Part not found
      </Heading>
      <p className="py-4">This part does not exist or is no longer sold.</p>
      <Link className="btn btn-primary" to="/allparts">
        Browse all parts
      </Link>
    </section>
  );
}
