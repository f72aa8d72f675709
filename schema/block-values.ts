// The values a block's fields take, without zod: boards that only show blocks import these and
// never load the validator (schema/blocks.ts builds its schemas from them).

export const blockStatuses = ['now', 'planned', 'done'] as const;
export type BlockStatus = (typeof blockStatuses)[number];

export const imageAspectRatios = ['square', 'wide', 'tall', 'auto'] as const;
