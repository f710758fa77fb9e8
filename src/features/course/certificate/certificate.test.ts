import { describe, expect, it } from 'vitest';
import { certificateFileName, certificateLines, certificatePdf } from './certificate';

const details = {
  name: '  Zoë Ellis-Okafor ',
  finishedAt: '2026-11-28T21:30:00.000Z',
  signer: { name: 'Jordan Ellis', role: 'Founder, former global head of strategy' },
};

describe('the certificate', () => {
  it('says who finished which course, when, and who offers it', () => {
    expect(certificateLines(details)).toEqual({
      title: 'Certificate of completion',
      presented: 'This certifies that',
      name: 'Zoë Ellis-Okafor',
      completed: 'has completed',
      course: 'The Three Lenses course',
      date: 'on 28 November 2026',
      signedBy: 'Jordan Ellis, Founder, former global head of strategy',
    });
  });

  it('names its files after the learner', () => {
    expect(certificateFileName(details.name, 'pdf')).toBe('certificate-zoe-ellis-okafor.pdf');
    expect(certificateFileName('李华', 'png')).toBe('certificate.png');
  });

  it('is a one-page PDF whose text carries the name, the course and the date', async () => {
    // The standard fonts' text is WinAnsi: one byte per letter, ë included.
    const pdf = new TextDecoder('windows-1252').decode(await (await certificatePdf(details)).arrayBuffer());
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
    for (const line of ['Zoë Ellis-Okafor', 'The Three Lenses course', 'on 28 November 2026']) {
      expect(pdf).toContain(`(${line}) Tj`);
    }
  });
});
