/** "1 step", "3 steps": a count with its noun in the right number. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
