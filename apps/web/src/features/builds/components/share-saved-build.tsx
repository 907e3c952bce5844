import type { BuildItem } from '@parts-shop/shared/build';
import { useMyBuilds } from '../api/get-my-builds.ts';
import { PublishBuildForm } from './publish-build-form.tsx';

const sameParts = (a: readonly { partId: string }[], b: readonly { partId: string }[]) =>
  a.length === b.length && a.every((item) => b.some((other) => other.partId === item.partId));

/**
 * The planner's Publish control: for the newest saved build with exactly the parts on the
 * planner (the one just saved, or the one opened from My Builds), nothing before it is saved.
 */
export function ShareSavedBuild({ email, items }: { email: string; items: BuildItem[] }) {
  const builds = useMyBuilds(email);
  const saved = builds.data?.find((build) => sameParts(build.items, items));
  if (!saved) return null;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="share-build-title">
      <div className="card-body gap-3 p-4">
        <h2 id="share-build-title" className="card-title">
          Share this build
        </h2>
        <p className="text-sm">
          Publish <strong className="break-words">{saved.name}</strong> to give it a public page anyone can open, and a
          place in the gallery of published builds.
        </p>
        <PublishBuildForm key={`${saved.id} ${saved.publishedAt ?? ''}`} build={saved} />
      </div>
    </section>
  );
}
