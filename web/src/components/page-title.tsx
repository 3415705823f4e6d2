import { env } from '../config/env';

/** The document title of a screen (React hoists <title> into <head>). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · ${env.appName}`}</title>;
}
