import { z } from 'zod';
import { ScriptStepSchema } from './script.js';

/**
 * A path set: paths written by hand for tasks, each a script of label-addressed steps (as `record --script` takes,
 * Finish implied at the end), with what its writer expected by the task's meaning. Kept outside the repository of the
 * graphs it measures (a held-out set), it is played by `graph try-paths`.
 */
export const PathCaseSchema = z
  .object({
    task: z.string().min(1, 'name the task id'),
    name: z.string().min(1, 'give the path a name'),
    expect: z.enum(['right', 'wrong']).optional(),
    script: z
      .array(ScriptStepSchema)
      .min(1, 'the script is empty')
      .refine((s) => s.slice(0, -1).every((x) => x.type !== 'Finish'), { message: 'Finish may only be the last step' }),
  })
  .strict();
export type PathCase = z.infer<typeof PathCaseSchema>;

export const PathSetSchema = z
  .array(PathCaseSchema)
  .min(1, 'the set is empty')
  .refine((set) => new Set(set.map((c) => `${c.task}\u0000${c.name}`)).size === set.length, {
    message: 'two paths of one task share a name: name each path apart',
  });
