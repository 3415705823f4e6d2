import { LocalSourceStore } from '../../functions/adapters/storage/local-source-store';
import { registerLocalSourceStore } from '../../functions/adapters/storage/source-store';

// The local stack keeps source files in a directory (functions/adapters/storage/source-store.ts).
// Upload URLs are relative: the browser sends the file to the origin that served the app.
registerLocalSourceStore((dir) => new LocalSourceStore(dir, { baseUrl: () => '' }));
