import { type Command, Option } from 'commander';
import { AdminError } from '../admin-error.ts';
import type { AdminSession } from '../admin-session.ts';
import { readGuideImage, type GuideImage } from '../guide-image.ts';
import { createGuidesAdmin, type GuideRow } from '../guides-admin.ts';
import { type AdminContext, wholeNumber } from '../admin-context.ts';
import { textTable } from './text-table.ts';

const guideId = wholeNumber('ID', { positive: true });
const order = wholeNumber('--order', { positive: false });

/** --image is a file to upload (checked before anything changes), or an http(s) address the database checks. */
type ImageChoice = { url: string } | { file: GuideImage };

async function checkImage(value: string): Promise<ImageChoice> {
  return /^https?:\/\//i.test(value) ? { url: value } : { file: await readGuideImage(value) };
}

/** The value image_url will hold: known before the upload, since a file's object name is its content's hash. */
function imagePath(choice: ImageChoice): string {
  return 'url' in choice ? choice.url : choice.file.objectName;
}

/**
 * Uploads a picture file, then runs the save; when the database refuses it, the picture goes again unless a guide
 * already shows it, so a refused command leaves no stray file behind.
 */
async function withStoredImage<T>(
  session: AdminSession,
  choice: ImageChoice | undefined,
  save: () => Promise<T>,
): Promise<T> {
  if (!choice || !('file' in choice)) return save();
  const { guides } = session.buckets;
  await guides.put(choice.file);
  try {
    return await save();
  } catch (error) {
    // Cleaning up is best effort: the refusal is the error to report.
    const { objectName } = choice.file;
    if (
      !(await createGuidesAdmin(session.db)
        .usesImage(objectName)
        .catch(() => true))
    ) {
      await guides.remove([objectName]).catch(() => undefined);
    }
    throw error;
  }
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
        await context.withSession(async (session) => {
          const guide = await withStoredImage(session, image, () =>
            createGuidesAdmin(session.db).save(null, {
              name: options.name,
              title: options.title,
              quote: options.quote,
              image_url: image && imagePath(image),
              order_index: options.order,
              is_active: options.inactive !== true,
            }),
          );
          io.stdout(`Added ${describeGuide(guide)}.\n`);
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
        const changes = {
          name: options.name,
          title: options.title,
          quote: options.quote === false ? null : options.quote,
          image_url: options.image === false ? null : image && imagePath(image),
          order_index: options.order,
        };
        if (Object.values(changes).every((value) => value === undefined)) {
          throw new AdminError(
            'invalid',
            'Nothing to change: give at least one field to update (see --help).',
          );
        }
        await context.withSession(async (session) => {
          const guides = createGuidesAdmin(session.db);
          // Before the upload: a typo in the id must not leave a stray picture behind.
          await guides.find(id);
          const guide = await withStoredImage(session, image, () => guides.save(id, changes));
          io.stdout(`Updated ${describeGuide(guide)}.\n`);
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
          const guide = await createGuidesAdmin(db).save(id, { is_active: active });
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
        const guide = await createGuidesAdmin(db).save(id, { order_index: options.order });
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
        const guide = await createGuidesAdmin(db).remove(id);
        io.stdout(`Removed ${describeGuide(guide)}.\n`);
      }),
    );
}
