// Tests that render fixture trees must use React's production build, as the built SSR bundle does
// (development React sends error messages to the browser and warns differently). React picks its
// build from NODE_ENV when first loaded, so the test command sets it: `npm run test:server`.
if (process.env.NODE_ENV !== 'production') {
  throw new Error('Run the server tests with NODE_ENV=production (npm run test:server does)')
}
