// zod as the contract uses it: with French messages for the checks that have none of their own.
// Every schema module of contract/ imports z from here, so the server and the web app both speak
// French, and a web page that reads no schema does not load zod for the setting.
import { z } from 'zod';

z.config(z.locales.fr());

export { z };
