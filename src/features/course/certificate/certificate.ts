/**
 * The certificate of completion, made on the learner's device: what it says (pure, tested), a one-page PDF
 * (jsPDF, loaded on the tap that asks for it) and a 1200×630 picture to share (a canvas). Nothing is sent.
 */
import { courseCopy } from '@/content/course-page';

const copy = courseCopy.certificate;

export interface CertificateDetails {
  /** The learner's name as she wants it printed. */
  name: string;
  /** When she finished: an ISO date-time. */
  finishedAt: string;
  /** Who signs it: the founder, in the owner's words. */
  signer: { name: string; role: string };
}

/** The share picture's size: what link previews and social posts expect. */
const SHARE_IMAGE = { width: 1200, height: 630 } as const;

const palette = {
  night: '#14132b',
  paper: '#fbf8f3',
  ink: '#14132b',
  soft: '#c9c6e8',
  lenses: ['#f5b83d', '#14b8a6', '#7c5cff'],
} as const;

/** The certificate's lines, top to bottom. */
export function certificateLines({ name, finishedAt, signer }: CertificateDetails) {
  return {
    title: copy.title,
    presented: copy.presentedTo,
    name: name.trim(),
    completed: copy.completed,
    course: copy.courseTitle,
    date: copy.on(new Date(finishedAt).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' })),
    signedBy: copy.signedBy(signer.name, signer.role),
  };
}

/** The file names the downloads get, from the name: `certificate-ada-lovelace.pdf`. */
export function certificateFileName(name: string, extension: 'pdf' | 'png'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `certificate${slug ? `-${slug}` : ''}.${extension}`;
}

/** A one-page landscape A4 PDF with real text (selectable, read aloud), in the PDF's standard fonts. */
export async function certificatePdf(details: CertificateDetails): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const lines = certificateLines(details);
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  pdf.setProperties({ title: `${lines.title}: ${lines.name}`, subject: lines.course });
  const width = pdf.internal.pageSize.getWidth();
  const height = pdf.internal.pageSize.getHeight();
  pdf.setFillColor(palette.paper);
  pdf.rect(0, 0, width, height, 'F');
  pdf.setDrawColor(palette.night);
  pdf.setLineWidth(2);
  pdf.rect(28, 28, width - 56, height - 56);
  palette.lenses.forEach((colour, index) => {
    pdf.setFillColor(colour);
    pdf.circle(width / 2 - 28 + index * 28, 92, 22, 'F');
  });
  const centred = (text: string, y: number, size: number, style: 'normal' | 'bold' | 'italic') => {
    pdf.setFont('times', style);
    pdf.setFontSize(size);
    pdf.setTextColor(palette.ink);
    pdf.text(text, width / 2, y, { align: 'center', maxWidth: width - 140 });
  };
  centred(lines.title, 170, 34, 'bold');
  centred(lines.presented, 220, 16, 'italic');
  centred(lines.name, 280, 44, 'bold');
  centred(lines.completed, 330, 16, 'normal');
  centred(lines.course, 370, 24, 'bold');
  centred(lines.date, 420, 14, 'normal');
  centred(lines.signedBy, 500, 14, 'italic');
  return pdf.output('blob');
}

/** Draws the 1200×630 share picture on `canvas`, in the page's own fonts once they are loaded. */
async function drawShareImage(canvas: HTMLCanvasElement, details: CertificateDetails): Promise<void> {
  const lines = certificateLines(details);
  const display = '"Fraunces Variable", "Fraunces Fallback", Georgia, serif';
  const sans = '"Inter Variable", "Inter Fallback", system-ui, sans-serif';
  await Promise.all([
    document.fonts.load(`600 64px ${display}`, lines.name),
    document.fonts.load(`400 28px ${sans}`, lines.completed),
  ]).catch(() => undefined);
  canvas.width = SHARE_IMAGE.width;
  canvas.height = SHARE_IMAGE.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Certificate: this browser cannot draw the picture.');
  context.fillStyle = palette.night;
  context.fillRect(0, 0, SHARE_IMAGE.width, SHARE_IMAGE.height);
  palette.lenses.forEach((colour, index) => {
    context.globalAlpha = 0.9;
    context.fillStyle = colour;
    context.beginPath();
    context.arc(540 + index * 60, 110, 46, 0, Math.PI * 2);
    context.fill();
  });
  context.globalAlpha = 1;
  context.textAlign = 'center';
  const write = (text: string, y: number, font: string, colour: string) => {
    context.font = font;
    context.fillStyle = colour;
    context.fillText(text, SHARE_IMAGE.width / 2, y, SHARE_IMAGE.width - 120);
  };
  write(lines.title.toUpperCase(), 230, `600 26px ${sans}`, palette.soft);
  write(lines.name, 330, `600 72px ${display}`, palette.paper);
  write(`${lines.completed} ${lines.course}`, 410, `400 30px ${sans}`, palette.paper);
  write(lines.date, 470, `400 24px ${sans}`, palette.soft);
  write(lines.signedBy, 560, `italic 400 22px ${sans}`, palette.soft);
}

/** The share picture as a PNG file. */
export async function shareImagePng(details: CertificateDetails): Promise<Blob> {
  const canvas = document.createElement('canvas');
  await drawShareImage(canvas, details);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Certificate: the picture could not be made.'))),
      'image/png',
    ),
  );
}
