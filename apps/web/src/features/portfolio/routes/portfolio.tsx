import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { portfolio } from '../content.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <h2 id={id} className="card-title text-2xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function Component() {
  useDocumentTitle(portfolio.pageTitle);
  const { sections } = portfolio;
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <header className="flex flex-col items-center gap-6 rounded-box bg-base-200 p-8 text-center sm:flex-row sm:text-left">
        <span
          aria-hidden="true"
          className="flex size-24 shrink-0 items-center justify-center rounded-full bg-primary text-3xl font-bold text-primary-content"
        >
          {portfolio.initials}
        </span>
        <div>
          <h1 className="text-4xl font-extrabold">{portfolio.name}</h1>
          <p className="mt-1 text-lg font-semibold text-secondary">{portfolio.role}</p>
          <p className="text-base-content/80">{portfolio.location}</p>
          <p className="mt-3 max-w-prose">{portfolio.summary}</p>
        </div>
      </header>

      <Section id="portfolio-education" title={sections.education}>
        <ul className="grid gap-4">
          {portfolio.education.map((item) => (
            <li key={item.title}>
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="text-base-content/80">
                {item.school}, {item.years}
              </p>
              <p>{item.detail}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="portfolio-skills" title={sections.skills}>
        <dl className="grid gap-3">
          {portfolio.skills.map((skill) => (
            <div key={skill.group} className="grid gap-2 sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold">{skill.group}</dt>
              <dd>
                <ul className="flex flex-wrap gap-2">
                  {skill.items.map((item) => (
                    <li key={item} className="badge badge-outline badge-lg">
                      {item}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="portfolio-projects" title={sections.projects}>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {portfolio.projects.map((project) => (
            <li
              key={project.name}
              data-testid="project-card"
              className="flex flex-col gap-2 rounded-box border border-base-300 p-4"
            >
              <h3 className="text-lg font-semibold">{project.name}</h3>
              <p>{project.description}</p>
              <p className="text-sm text-base-content/80">{project.tech.join(' · ')}</p>
              <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2">
                {project.links.map((link) => (
                  <a key={link.href} href={link.href} className="link link-primary">
                    {link.label}
                    <span className="sr-only">
                      {' '}
                      {portfolio.projectLinkSuffix} {project.name}
                    </span>
                  </a>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="portfolio-contact" title={sections.contact}>
        <p>{portfolio.contactIntro}</p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {portfolio.contact.map((item) => (
            <li key={item.label}>
              <span className="font-semibold">{item.label}: </span>
              <a href={item.href} className="link link-primary break-all">
                {item.value}
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
