// The developer is fictional; the links point at example.com placeholders.
export const portfolio = {
  pageTitle: 'My Portfolio',
  name: 'Jordan Ellis',
  initials: 'JE',
  role: 'Full-stack web developer',
  location: 'Leeds, United Kingdom',
  summary:
    'I build fast, accessible web applications with React and TypeScript on the front end and Node.js with PostgreSQL behind it. I care about pages that load quickly on a cheap phone, forms that work with a keyboard and a screen reader, and code that the next developer can change safely.',
  sections: {
    education: 'Education',
    skills: 'Skills',
    projects: 'Projects',
    contact: 'Get in Touch',
  },
  education: [
    {
      title: 'BSc (Hons) Computer Science, First Class',
      school: 'Northfield University',
      years: '2017 – 2021',
      detail:
        'Modules in algorithms, databases, distributed systems and human–computer interaction. Final-year project: an accessibility checker for web forms.',
    },
    {
      title: 'Professional Certificate in Front-End Development',
      school: 'Open Code Academy',
      years: '2022',
      detail: 'React, testing with Testing Library and Playwright, and web performance budgets.',
    },
  ],
  skills: [
    { group: 'Languages', items: ['TypeScript', 'JavaScript', 'HTML', 'CSS', 'SQL'] },
    {
      group: 'Front end',
      items: ['React', 'React Router', 'TanStack Query', 'React Hook Form', 'Tailwind CSS', 'daisyUI', 'Vite'],
    },
    { group: 'Back end', items: ['Node.js', 'Fastify', 'Express', 'PostgreSQL', 'Drizzle ORM', 'MongoDB', 'Firebase'] },
    { group: 'Quality and tooling', items: ['Vitest', 'Playwright', 'ESLint', 'Git', 'Docker', 'GitHub Actions'] },
    { group: 'Practices', items: ['Accessibility (WCAG 2.2)', 'Web performance', 'REST API design', 'Code review'] },
  ],
  projects: [
    {
      name: 'Parts Shop',
      description:
        'This storefront for computer parts: browsing, ordering with stock reserved safely, card payments in test mode, reviews, and a dashboard with admin tools for products, users and orders.',
      tech: ['React', 'TypeScript', 'Fastify', 'PostgreSQL', 'Firebase Auth', 'Stripe'],
      links: [
        { label: 'Live site', href: 'https://parts-shop.example.com' },
        { label: 'Source code', href: 'https://code.example.com/jordan-ellis/parts-shop' },
      ],
    },
    {
      name: 'Trail Notes',
      description:
        'An offline-first hiking journal: record routes, photos and notes without signal, and sync them when the phone is back online.',
      tech: ['React', 'IndexedDB', 'Service Workers', 'Leaflet', 'Node.js'],
      links: [
        { label: 'Live site', href: 'https://trail-notes.example.com' },
        { label: 'Source code', href: 'https://code.example.com/jordan-ellis/trail-notes' },
      ],
    },
    {
      name: 'Pantry Planner',
      description:
        'A weekly meal planner that turns chosen recipes into one shopping list, grouped by aisle and shared with the household in real time.',
      tech: ['Next.js', 'TypeScript', 'Prisma', 'PostgreSQL', 'WebSockets'],
      links: [
        { label: 'Live site', href: 'https://pantry-planner.example.com' },
        { label: 'Source code', href: 'https://code.example.com/jordan-ellis/pantry-planner' },
      ],
    },
  ],
  projectLinkSuffix: 'for',
  contactIntro: 'Open to front-end and full-stack roles. The quickest way to reach me is by email.',
  contact: [
    { label: 'Email', value: 'jordan.ellis@example.com', href: 'mailto:jordan.ellis@example.com' },
    { label: 'GitHub', value: 'code.example.com/jordan-ellis', href: 'https://code.example.com/jordan-ellis' },
    {
      label: 'LinkedIn',
      value: 'profiles.example.com/jordan-ellis',
      href: 'https://profiles.example.com/jordan-ellis',
    },
    { label: 'Website', value: 'jordan-ellis.example.com', href: 'https://jordan-ellis.example.com' },
  ],
} as const;
