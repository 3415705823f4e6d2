import { shapeOf } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// Links written with what the column's links never carry: a trailing slash ("…/p/1042/"), a
// query or a fragment ("…/p/1042?ref=mail", "…#reviews"), the scheme or host in capitals. The
// link without them, where it has the column's usual form (or is one of its values).

/** Share of a column's values that must be links for it to be a column of links. */
const LINK_SHARE = 0.9;
/** Share of a column's values in its usual form from which a link put in that form is one of its links. */
const FORM_SHARE = 0.9;
const LINK = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#\s]+)([^?#\s]*)(\?[^#\s]*)?(#\S*)?$/i;

export function urlCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || col.profile.type !== 'url' || col.profile.typeShare < LINK_SHARE || text.length > 2000) return [];
  const m = LINK.exec(text);
  if (!m) return [];
  const [scheme, host, path] = [m[1]!, m[2]!, m[3]!];
  const [query, fragment] = [m[4], m[5]];
  const shape = col.shape;
  // What the column's links never carry, by their usual form.
  const slashes = !!shape && shape.shape.endsWith('/');
  const queries = !!shape && shape.shape.includes('?');
  let value = scheme.toLowerCase() + host.toLowerCase() + path;
  if (!slashes && value.endsWith('/') && !value.endsWith('://')) value = value.slice(0, -1);
  if (queries && query) value += query;
  const dropped = [query && !queries ? 'query' : '', fragment ? 'fragment' : '', path.endsWith('/') && !slashes ? 'trailing slash' : ''].filter(Boolean);
  if (value === text) return [];
  const held = col.counts.has(value);
  if (!held && !(shape && shape.share >= FORM_SHARE && shapeOf(value) === shape.shape)) return [];
  const reason = dropped.length > 0 ? `The column's links carry no ${dropped.join(' or ')}: ${quote(value)}.` : `The column writes its links' scheme and host in small letters: ${quote(value)}.`;
  return [{ value, p: held ? 0.85 : 0.7, family: 'format', rule: 'format-url', reason }];
}
