// `lessons …`: the course's lessons, one file a sub-command under lessons/.
import type { Command } from 'commander';
import type { AdminContext } from '../admin-context.ts';
import { addCommand } from './lessons/add-command.ts';
import { listCommand } from './lessons/list-command.ts';
import { makeStreamsCommand } from './lessons/make-streams-command.ts';
import { moveCommand } from './lessons/move-command.ts';
import { publishCommands } from './lessons/publish-commands.ts';
import { removeCommand } from './lessons/remove-command.ts';
import { updateCommand } from './lessons/update-command.ts';

export function lessonsCommands(program: Command, context: AdminContext) {
  const lessons = program
    .command('lessons')
    .description('the lessons of the course: videos, captions and posters in the private bucket "course"');
  for (const command of [
    listCommand,
    addCommand,
    updateCommand,
    makeStreamsCommand,
    moveCommand,
    publishCommands,
    removeCommand,
  ]) {
    command(lessons, context);
  }
}
