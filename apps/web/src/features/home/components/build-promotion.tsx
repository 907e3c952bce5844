import { Link } from 'react-router';

export function BuildPromotion() {
  return (
    <section aria-labelledby="build-title" className="py-6">
      <div className="grid items-center gap-6 rounded-box bg-neutral px-6 py-10 text-neutral-content md:grid-cols-[1fr_auto] md:px-12">
        <div>
          <h2 id="build-title" className="text-3xl font-bold">
            Planning a new PC build?
          </h2>
          <p className="mt-3 max-w-2xl">
            Start with a processor, then pair it with a motherboard, memory, storage, a power supply, a case and
            cooling. The planner checks that they fit together as you go, and every part you need for the whole build is
            in one shop.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/build" className="btn btn-lg btn-accent">
            Plan a Build
          </Link>
          <Link to="/allparts" className="btn btn-lg btn-outline border-neutral-content text-neutral-content">
            Get Started
          </Link>
        </div>
      </div>
    </section>
  );
}
