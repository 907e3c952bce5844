import { configure } from '@testing-library/react';

// The web tests share two cores with the API and browser suites: under that load a screen
// can take seconds to draw after its stubbed fetch answers. A find waits that long; an
// element that never comes still fails.
configure({ asyncUtilTimeout: 10_000 });
