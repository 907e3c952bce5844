export type Faq = {
  id: string;
  question: string;
  answer: string[];
  points?: string[];
  code?: string;
};

export const FAQ_TITLE = 'Frequent Asked Questions';
export const FAQ_INTRO =
  'Short answers to the React and JavaScript questions our developers hear most often while building this shop.';

export const faqs: Faq[] = [
  {
    id: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    answer: [
      'Measure before changing anything: the React DevTools Profiler shows which components render and how long they take, and the browser’s performance panel and Lighthouse show what the user actually waits for. Then fix the biggest cost first.',
      'Most wins come from doing less work and shipping less code:',
    ],
    points: [
      'Avoid needless re-renders: keep state as close as possible to the components that use it, split large contexts, and wrap expensive children in React.memo with stable props (useMemo and useCallback, or let the React Compiler do it).',
      'Render less: paginate or virtualise long lists so only the visible rows exist in the DOM.',
      'Load less JavaScript: split routes with lazy imports, drop heavy dependencies and let the bundler tree-shake.',
      'Fetch smarter: cache server data (for example with TanStack Query), start requests in parallel instead of in a waterfall, and prefetch what the user is likely to open next.',
      'Keep typing smooth: mark slow, non-urgent updates with useTransition or useDeferredValue.',
      'Serve right-sized images with width and height set and lazy loading below the fold, and always ship the production build.',
    ],
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'State is any data that changes over time and affects what is shown. Different kinds of state have different homes, and the best choice is usually the simplest one that fits:',
    ],
    points: [
      'Local state with useState or useReducer, for data only one component (and its children) needs, such as whether a menu is open.',
      'Lifted state: move it to the closest common parent and pass it down as props when siblings must share it.',
      'Context, for values many components read but that change rarely, such as the signed-in user or the theme.',
      'External stores such as Redux Toolkit, Zustand, Jotai or MobX, for complex client state shared across the app; React subscribes to them with useSyncExternalStore.',
      'Server state libraries such as TanStack Query, SWR or RTK Query, which cache data from the API, refetch it and keep it fresh.',
      'The URL: route parameters and query strings hold state that should survive a reload or be shareable, such as the current page or a search term.',
      'Form libraries such as react-hook-form, for field values, validation and submission state.',
    ],
  },
  {
    id: 'unit-tests',
    question: 'How does unit testing work, and why should you write unit tests?',
    answer: [
      'A unit test checks one small piece of code, a function, a hook or a component, on its own. Each test follows the same pattern: arrange the inputs, act by calling the code, and assert that the result is what you expect. A test runner such as Vitest or Jest finds the test files, runs them and reports every failed assertion. Slow or unpredictable dependencies, such as the network or the clock, are replaced with fakes so the test is fast and gives the same answer every time. For React components, Testing Library renders the component into a simulated DOM and finds elements the way a user would, by their role, label or text.',
      'Unit tests catch mistakes minutes after they are made instead of in production. They let you refactor with confidence because a broken behaviour fails a test at once, they document how the code is meant to be used, and they push you towards small, loosely coupled code that is easier to change. Run on every commit in continuous integration, they keep old bugs from coming back.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    answer: [
      'In JavaScript every object has a hidden link, its prototype, to another object (or to null). When you read a property, the engine first looks on the object itself; if it is not there it follows the link to the prototype, then to that object’s prototype, and so on along the prototype chain until it finds the property or reaches null and returns undefined. Writing a property, by contrast, creates it on the object itself and shadows any property of the same name further up the chain.',
      'Because methods live once on a shared prototype, every object linked to it can use them without copying them. Object.create(proto) makes an object with a chosen prototype; new Constructor() links the new object to Constructor.prototype; and the class syntax is a friendlier way to write the same thing, where extends links one prototype to another.',
    ],
    code: `const animal = {
  describe() {
    return \`\${this.name} says \${this.sound}\`;
  },
};

const dog = Object.create(animal); // dog's prototype is animal
dog.name = 'Rex';
dog.sound = 'woof';

dog.describe(); // "Rex says woof", found on the prototype
Object.getPrototypeOf(dog) === animal; // true`,
  },
  {
    id: 'set-state-directly',
    question: 'Why should you never set the state directly in React?',
    answer: [
      'React only re-renders when you call the state setter (setState, or the function returned by useState). If you change state directly, for example this.state.count = 1 or items.push(item), React is never told that anything changed, so the screen keeps showing old data until something else happens to trigger a render.',
      'React also decides what changed by comparing the old and new values by reference. Mutating an object or array keeps the same reference, so React.memo, useMemo, useEffect dependencies and state updates themselves can miss the change. A direct change can also be overwritten by a pending update that was calculated from the old value, and it breaks features that rely on earlier snapshots staying untouched, such as concurrent rendering and time-travel debugging.',
      'Instead, always give React a new value: copy and change it, and use the updater form when the next value depends on the previous one.',
    ],
    code: `// Wrong: mutates the existing array, React does not re-render
items.push(newItem);

// Right: a new array and a new object
setItems([...items, newItem]);
setUser({ ...user, name: 'Ada' });

// Right: the next value depends on the previous one
setCount((count) => count + 1);`,
  },
];
