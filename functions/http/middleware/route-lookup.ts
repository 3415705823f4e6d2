// Which route an API Gateway routeKey names. Run from source (the local server, the tests) this is
// the whole route table; each deployed function is bundled with its own entries only instead (a
// route.json beside its bundle, see infra/build-functions.ts), so no function carries the table of
// every other route.
export { findRouteByKey } from '../../routes';
