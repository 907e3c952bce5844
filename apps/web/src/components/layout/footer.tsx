import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '@parts-shop/shared/constants';

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content print:hidden">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-3">
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            About us
          </h2>
          <p className="text-sm">Parts for shoppers and DIY PC builders, shipped from our own stock.</p>
        </nav>
        <nav aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            Contact
          </h2>
          <Link className="link link-hover inline-block py-1 text-sm" to="/home#contact">
            Send us a message
          </Link>
        </nav>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="footer-title">
            Shop
          </h2>
          <Link className="link link-hover block py-1 text-sm" to="/allparts">
            All parts
          </Link>
          <Link className="link link-hover block py-1 text-sm" to="/allreviews">
            Reviews
          </Link>
          <Link className="link link-hover block py-1 text-sm" to="/builds">
            Published builds
          </Link>
          <Link className="link link-hover block py-1 text-sm" to="/completed-builds">
            Completed builds
          </Link>
        </nav>
      </div>
      <p className="pb-6 text-center text-sm">Copyright © {COPYRIGHT_YEAR} Parts Shop. All rights reserved.</p>
    </footer>
  );
}
