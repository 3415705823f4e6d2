import { AVATAR_COLORS, avatarColorIndex } from '../../../../../shared/avatar';
import { UserAvatar } from '../../../components/ui/avatar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

// Avatar showcase (spec 2 §2.6): sizes sm, md, lg; the 10 colours chosen by a hash of the e-mail;
// initials from the name, else from the e-mail. Samples are found so each colour shows once.

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Frances Allen', 'Claude Shannon', 'Radia Perlman', 'Ken Thompson', 'Margaret Hamilton', 'Tim Berners-Lee', 'Hedy Lamarr', 'John McCarthy', 'Sophie Wilson', 'Linus Torvalds', 'Anita Borg', 'Dennis Ritchie', 'Shafi Goldwasser'];

function onePerColour() {
  const byColour = new Map<number, { name: string; email: string }>();
  for (let i = 0; byColour.size < AVATAR_COLORS.length && i < 500; i++) {
    const name = NAMES[i % NAMES.length]!;
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${i >= NAMES.length ? i : ''}@example.com`;
    const colour = avatarColorIndex(email);
    if (!byColour.has(colour)) byColour.set(colour, { name, email });
  }
  return [...byColour.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

const SAMPLES = onePerColour();

export function AvatarShowcase() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Avatars</CardTitle>
        <CardDescription>Sizes sm, md and lg; 10 colours by a hash of the e-mail; initials from the name or the e-mail.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-end gap-4">
          {(['sm', 'md', 'lg'] as const).map((size) => (
            <figure key={size} className="flex flex-col items-center gap-1">
              <UserAvatar email="ada.lovelace@example.com" name="Ada Lovelace" size={size} label={`Ada Lovelace, ${size}`} />
              <figcaption className="text-xs text-muted-foreground">{size}</figcaption>
            </figure>
          ))}
          <figure className="flex flex-col items-center gap-1">
            <UserAvatar email="jane.doe@example.com" size="lg" label="jane.doe@example.com, no name" />
            <figcaption className="text-xs text-muted-foreground">from e-mail</figcaption>
          </figure>
        </div>
        <ul className="flex flex-wrap gap-3" aria-label="The 10 avatar colours" data-testid="avatar-colours">
          {SAMPLES.map((s) => (
            <li key={s.email}>
              <UserAvatar email={s.email} name={s.name} size="md" label={`${s.name} (${s.email})`} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
