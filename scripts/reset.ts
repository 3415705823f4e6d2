import { rmSync } from 'node:fs';
import path from 'node:path';

// `npm run reset`: wipes the local data (DynamoDB Local and cognito-local) under .data/.
const dir = path.resolve(import.meta.dirname, '..', '.data');
rmSync(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. The next npm start seeds fresh demo data.`);
