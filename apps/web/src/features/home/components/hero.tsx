import { Link } from 'react-router';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="grid items-center gap-8 rounded-box bg-base-200 px-6 py-10 md:grid-cols-2 md:px-10 lg:py-14"
    >
      <div>
        <p className="font-semibold tracking-wide text-secondary uppercase">Parts Shop</p>
        <h1 id="hero-title" className="mt-2 text-4xl leading-tight font-extrabold sm:text-5xl">
          Computer parts for every build
        </h1>
        <p className="mt-4 max-w-prose text-lg text-base-content/80">
          Processors, graphics cards, memory, storage and more: in stock, fairly priced and shipped fast, for shoppers
          and DIY PC builders alike.
        </p>
        <Link to="/allparts" className="btn mt-6 btn-lg btn-primary">
          Get Started
        </Link>
      </div>
      {/* Shown from medium screens up; on a phone the words and the deals matter more. */}
      <img
        src="/images/hero.svg"
        alt=""
        width={480}
        height={360}
        fetchPriority="high"
        className="mx-auto hidden h-auto w-full max-w-md md:block"
      />
    </section>
  );
}
