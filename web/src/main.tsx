import './zod-config';
import { isPublicPath } from './config/public-paths';
import './index.css';

// Two sites share this page: the public site (landing, pricing, docs, legal) and the signed-in
// app. The first load picks one, so a visitor of / never downloads the app shell, and the app
// never downloads the marketing pages.

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (isPublicPath(window.location.pathname)) {
  void import('./app/public/mount').then(({ mountPublicSite }) => mountPublicSite(root));
} else {
  void import('./app/mount').then(({ mountApp }) => mountApp(root));
}
