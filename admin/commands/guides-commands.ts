import { type Command, Option } from 'commander';
import { AdminError, parseInput } from '../admin-error.ts';
import type { AdminSession } from '../admin-session.ts';
import { readGuideImage, type GuideImage } from '../guide-image.ts';
import {
  addGuideInput,
  createGuidesAdmin,
  type GuideRow,
  imageUrlSchema,
  updateGuideInput,
} from '../guides-admin.ts';
import { type AdminContext, wholeNumber } from '../admin-context.ts';
import { textTable } from './text-table.ts';

const guideId = wholeNumber('ID', { positive: true });
const order = wholeNumber('--order', { positive: false });

/** --image is a file to upload, or an http(s) address stored as is. Checked before anything changes. */
type ImageChoice = { url: string } | { file: GuideImage };

async function checkImage(value: string): Promise<ImageChoice> {
  if (/^https?:\/\//i.test(value)) {
    const parsed = imageUrlSchema.safeParse(value);
    if (!parsed.success || parsed.data === null)
      throw new AdminError('invalid', `--image ${value}: not a valid http(s) address.`);
    return { url: parsed.data };
  }
  return { file: await readGuideImage(value) };
}

/** The value image_url will hold: known before the upload, since a file's object name is its content's hash. */
function imagePath(choice: ImageChoice): string {
  return 'url' in choice ? choice.url : choice.file.objectName;
}

async function storeImage(session: AdminSession, choice: ImageChoice | undefined) {
  if (choice && 'file' in choice) await session.buckets.guides.put(choice.file);
}

function describeGuide(guide: GuideRow): string {
  const image = guide.image_url ? `, image ${guide.image_url}` : '';
  return `guide ${guide.id} "${guide.name}" (order ${guide.order_index}, ${guide.is_active ? 'active' : 'inactive'}${image})`;
}

export function guidesCommands(program: Command, context: AdminContext) {
  const { io } = context;
  const guides = program.command('guides').description('the guides shown in the landing page carousel');

  guides
    .command('list')
    .description('every guide, in carousel order: id, order, active, name, title, image')
    .action(() =>
      context.withSession(async ({ db }) => {
        const rows = await createGuidesAdmin(db).list();
        if (rows.length === 0) {
          io.stdout('No guides yet. Add one with: guides add --name "…" --title "…"\n');
          return;
        }
        io.stdout(
          textTable(
            ['ID', 'ORDER', 'ACTIVE', 'NAME', 'TITLE', 'IMAGE'],
            rows.map((guide) => [
              String(guide.id),
              String(guide.order_index),
              guide.is_active ? 'yes' : 'no',
              guide.name,
              guide.title,
              guide.image_url ?? '',
            ]),
          ),
        );
      }),
    );

  guides
    .command('add')
    .description('add a guide (at the end of the carousel unless --order is given)')
    .requiredOption('--name <name>', "the guide's name (1–120 characters)")
    .requiredOption('--title <title>', 'their title or role (1–200 characters)')
    .option('--quote <text>', 'a short quote (up to 600 characters)')
    .option(
      '--image <file|url>',
      'a JPEG, PNG, WebP or AVIF file of at most 5 MB (uploaded), or an http(s) address',
    )
    .option('--order <n>', 'position in the carousel; guides at or after it move down one', order)
    .option('--inactive', 'add it hidden; show it later with `guides activate ID`')
    .action(
      async (options: {
        name: string;
        title: string;
        quote?: string;
        image?: string;
        order?: number;
        inactive?: true;
      }) => {
        const image = options.image === undefined ? undefined : await checkImage(options.image);
        // Every field is checked before the picture is uploaded or anything is written.
        const input = parseInput(addGuideInput, {
          name: options.name,
          title: options.title,
          quote: options.quote,
          image_url: image && imagePath(image),
          order_index: options.order,
          is_active: options.inactive !== true,
        });
        await context.withSession(async (session) => {
          await storeImage(session, image);
          io.stdout(`Added ${describeGuide(await createGuidesAdmin(session.db).add(input))}.\n`);
        });
      },
    );

  guides
    .command('update')
    .description("change a guide's fields; what you leave out stays as it is")
    .argument('<id>', "the guide's id (see `guides list`)", guideId)
    .option('--name <name>', 'new name')
    .option('--title <title>', 'new title')
    .option('--quote <text>', 'new quote')
    .option('--no-quote', 'remove the quote')
    .option('--image <file|url>', 'new picture: a file (uploaded) or an http(s) address')
    .option('--no-image', 'remove the picture (the carousel shows a bundled fallback)')
    .option('--order <n>', 'new position in the carousel', order)
    .action(
      async (
        id: number,
        options: {
          name?: string;
          title?: string;
          quote?: string | false;
          image?: string | false;
          order?: number;
        },
      ) => {
        const image = typeof options.image === 'string' ? await checkImage(options.image) : undefined;
        const imageChange = options.image === false ? null : image && imagePath(image);
        const input = parseInput(updateGuideInput, {
          id,
          name: options.name,
          title: options.title,
          quote: options.quote === false ? null : options.quote,
          image_url: imageChange,
          order_index: options.order,
        });
        await context.withSession(async (session) => {
          const guides = createGuidesAdmin(session.db);
          if (image) {
            // Upload only for a guide that exists: a typo in the id must not leave a stray picture behind.
            if (!(await guides.list()).some((guide) => guide.id === id)) {
              throw new AdminError('not-found', `No guide with id ${id}. \`guides list\` shows the ids.`);
            }
            await storeImage(session, image);
          }
          io.stdout(`Updated ${describeGuide(await guides.update(input))}.\n`);
        });
      },
    );

  for (const [name, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    guides
      .command(name)
      .description(
        active ? 'show the guide in the carousel' : 'hide the guide from the carousel (it stays in the list)',
      )
      .argument('<id>', "the guide's id (see `guides list`)", guideId)
      .action((id: number) =>
        context.withSession(async ({ db }) => {
          const guide = await createGuidesAdmin(db).update({ id, is_active: active });
          io.stdout(`${active ? 'Activated' : 'Deactivated'} ${describeGuide(guide)}.\n`);
        }),
      );
  }

  guides
    .command('move')
    .description('put the guide at another position; guides at or after it move down one')
    .argument('<id>', "the guide's id (see `guides list`)", guideId)
    .addOption(new Option('--order <n>', 'the new position').argParser(order).makeOptionMandatory())
    .action((id: number, options: { order: number }) =>
      context.withSession(async ({ db }) => {
        const guide = await createGuidesAdmin(db).update({ id, order_index: options.order });
        io.stdout(`Moved ${describeGuide(guide)}.\n`);
      }),
    );

  guides
    .command('remove')
    .description(
      'delete the guide for good (`guides deactivate` only hides it); its picture stays in the bucket',
    )
    .argument('<id>', "the guide's id (see `guides list`)", guideId)
    .action((id: number) =>
      context.withSession(async ({ db }) => {
        const guide = await createGuidesAdmin(db).remove({ id });
        io.stdout(`Removed ${describeGuide(guide)}.\n`);
      }),
    );
}
