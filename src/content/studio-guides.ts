/** Every word of the studio's Guides section: the list, the add and edit form, the picture's checks and the status. */
export const studioGuidesCopy = {
  label: 'Guides',
  intro:
    'The guides shown in the landing page’s carousel, in the order they appear. Drag a guide to move it, or use its Move buttons. Hidden guides stay here but are not shown.',
  loading: 'Loading the guides…',
  loadFailed: 'We couldn’t load the guides. Please check your connection and try again.',
  tryAgain: 'Try again',
  listLabel: 'Guides in carousel order',
  empty: 'No guides yet. Add the first one with the form.',
  position: (position: number, total: number) => `${position} of ${total}`,
  shown: 'Shown',
  hidden: 'Hidden',
  noQuote: 'No quote',
  dragHandle: (name: string) => `Drag ${name} to another place`,
  /** A button's name for screen readers: the words it shows, then the guide it acts on ("Move up Amara"). */
  actionLabel: (action: string, name: string) => `${action} ${name}`,
  edit: 'Edit',
  moveUp: 'Move up',
  moveDown: 'Move down',
  show: 'Show',
  hide: 'Hide',
  delete: 'Delete',
  /** Asked before a guide is deleted for good. */
  deleteGuide: {
    title: (name: string) => `Delete ${name} for good?`,
    description:
      'They leave the studio and the landing page’s carousel, with their words. This cannot be undone. To take them off the page for now, hide them instead.',
    confirm: 'Delete the guide',
    cancel: 'Keep the guide',
    close: 'Close',
  },
  thumbnailAlt: (name: string) => `Picture of ${name}`,

  form: {
    addHeading: 'Add a guide',
    editHeading: (name: string) => `Edit ${name}`,
    name: 'Name',
    nameHint: 'As it should appear on the card, e.g. “Amara Okafor”.',
    title: 'Title or role',
    titleHint: 'e.g. “Former Head of Strategy”.',
    quote: 'Quote (optional)',
    quoteHint: 'A sentence or two in their words. Leave it empty for no quote.',
    picture: 'Picture (optional)',
    pictureHint:
      'A JPEG, PNG, WebP or AVIF picture of at most 5 MB. The card shows a square from its middle, as below.',
    removePicture: 'Remove the picture',
    pictureRemoved: 'The card will show a drawn portrait instead of a picture.',
    previewCaption: 'How the card will look on the landing page',
    portraitAlt: (name: string) => `Portrait of ${name || 'the guide'}`,
    previewName: 'Name',
    previewTitle: 'Title or role',
    add: 'Add the guide',
    save: 'Save the changes',
    uploading: 'Uploading the picture…',
    saving: 'Saving…',
    cancel: 'Cancel',
  },

  errors: {
    nameEmpty: 'Please give the guide’s name.',
    nameLong: (max: number) => `The name can be at most ${max} characters.`,
    titleEmpty: 'Please give their title or role.',
    titleLong: (max: number) => `The title can be at most ${max} characters.`,
    quoteLong: (max: number, length: number) =>
      `The quote can be at most ${max} characters (it has ${length}).`,
  },

  status: {
    added: (name: string) => `Added ${name}. The landing page shows the change within a second.`,
    saved: (name: string) => `Saved ${name}. The landing page shows the change within a second.`,
    moved: (name: string, position: number, total: number) =>
      `Moved ${name} to position ${position} of ${total}.`,
    shown: (name: string) => `${name} is now shown on the landing page.`,
    hidden: (name: string) => `${name} is now hidden from the landing page.`,
    deleted: (name: string) => `Deleted ${name}. The landing page no longer shows them.`,
    failed: (reason: string) => `That didn’t work: ${reason}`,
    unreachable: 'We couldn’t reach the server. Please check your connection and try again.',
    uploadFailed: (reason: string) => `The picture could not be uploaded: ${reason}`,
  },
} as const;
