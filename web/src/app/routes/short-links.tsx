import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/session';

// The hub's short links (spec 2 §2.5): /quality is the dashboard, /tasks the open rows the
// signed-in member owns (inside the signed-in shell, so it asks for a login first).

export function QualityShortLink() {
  return <Navigate to={paths.app.quality.getHref()} replace />;
}

export function MyTasksShortLink() {
  const user = useCurrentUser();
  return <Navigate to={paths.myTasks.getHref(user.email)} replace />;
}
