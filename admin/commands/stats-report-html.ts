/**
 * `stats --format html`: one self-contained page (inline CSS and SVG, no script, nothing fetched) with a funnel
 * chart, a sign-ups-per-day chart, the day-by-day table and the course's feedback, for the owner to open from
 * disk.
 */
import {
  averageRating,
  COUNT_HEADINGS,
  COUNT_LEGEND,
  COUNT_NAMES,
  FEEDBACK_RATINGS,
  type FeedbackStats,
  type FunnelStats,
  FUNNEL_WORDS,
  percent,
  reminderSummary,
} from '../funnel-stats.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const CHART_WIDTH = 720;

function funnelChart(stats: FunnelStats): string {
  const rowHeight = 44;
  const labelWidth = 250;
  const barSpace = CHART_WIDTH - labelWidth - 190;
  const largest = Math.max(1, ...stats.funnel.map((step) => step.count));
  const said = (step: FunnelStats['funnel'][number]) =>
    `${step.step}: ${step.count}${step.rate_text ? ` (${step.rate_text})` : ''}`;
  const rows = stats.funnel.map((step, index) => {
    const y = index * rowHeight;
    const width = step.count > 0 ? Math.max(2, (step.count / largest) * barSpace) : 0;
    return [
      `<g>`,
      `<title>${escapeHtml(said(step))}</title>`,
      `<text x="0" y="${y + 26}" class="label">${escapeHtml(step.step)}</text>`,
      `<rect x="${labelWidth}" y="${y + 8}" width="${width.toFixed(1)}" height="28" rx="3" class="bar-main"/>`,
      `<text x="${(labelWidth + width + 8).toFixed(1)}" y="${y + 26}" class="value">${step.count}${step.rate === null ? '' : ` · ${escapeHtml(percent(step.rate))}`}</text>`,
      `</g>`,
    ].join('');
  });
  const height = stats.funnel.length * rowHeight;
  return [
    `<svg role="img" aria-labelledby="funnel-title" aria-describedby="funnel-desc" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}">`,
    `<title id="funnel-title">${escapeHtml(FUNNEL_WORDS.heading)}</title>`,
    `<desc id="funnel-desc">${escapeHtml(stats.funnel.map(said).join('; '))}</desc>`,
    ...rows,
    `</svg>`,
  ].join('\n');
}

function signupsChart(stats: FunnelStats): string {
  const height = 260;
  const left = 44;
  const top = 12;
  const bottom = 40;
  const plotWidth = CHART_WIDTH - left - 8;
  const plotHeight = height - top - bottom;
  const largest = Math.max(1, ...stats.days.map((day) => day.signups_new + day.signups_repeat));
  const slot = plotWidth / stats.days.length;
  const barWidth = Math.max(1, slot * 0.7);
  const scale = (count: number) => (count / largest) * plotHeight;
  const labelEvery = Math.ceil(stats.days.length / 8);
  const bars = stats.days.map((day, index) => {
    const x = left + index * slot + (slot - barWidth) / 2;
    const newHeight = scale(day.signups_new);
    const repeatHeight = scale(day.signups_repeat);
    const baseline = top + plotHeight;
    // The last day is labelled too unless the label before it is too close.
    const lastDay = index === stats.days.length - 1 && index % labelEvery >= labelEvery / 2;
    const label =
      index % labelEvery === 0 || lastDay
        ? `<text x="${(x + barWidth / 2).toFixed(1)}" y="${baseline + 16}" class="tick" text-anchor="middle">${day.day.slice(5)}</text>`
        : '';
    return [
      `<g>`,
      `<title>${day.day}: ${day.signups_new} new, ${day.signups_repeat} repeat</title>`,
      `<rect x="${x.toFixed(1)}" y="${(baseline - newHeight).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${newHeight.toFixed(1)}" class="bar-main"/>`,
      `<rect x="${x.toFixed(1)}" y="${(baseline - newHeight - repeatHeight).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${repeatHeight.toFixed(1)}" class="bar-second"/>`,
      label,
      `</g>`,
    ].join('');
  });
  const total = stats.total;
  return [
    `<svg role="img" aria-labelledby="signups-title" aria-describedby="signups-desc" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}">`,
    `<title id="signups-title">Sign-ups per day</title>`,
    `<desc id="signups-desc">${escapeHtml(
      `${stats.days.length} days from ${stats.since} to ${stats.until}: ${total.signups_new} new and ${total.signups_repeat} repeat sign-ups; the most in one day: ${largest}.`,
    )}</desc>`,
    `<line x1="${left}" y1="${top + plotHeight}" x2="${CHART_WIDTH - 8}" y2="${top + plotHeight}" class="axis"/>`,
    `<text x="${left - 6}" y="${top + 10}" class="tick" text-anchor="end">${largest}</text>`,
    `<text x="${left - 6}" y="${top + plotHeight}" class="tick" text-anchor="end">0</text>`,
    ...bars,
    `<rect x="${left}" y="${height - 14}" width="10" height="10" class="bar-main"/><text x="${left + 14}" y="${height - 5}" class="tick">new</text>`,
    `<rect x="${left + 60}" y="${height - 14}" width="10" height="10" class="bar-second"/><text x="${left + 74}" y="${height - 5}" class="tick">repeat</text>`,
    `</svg>`,
  ].join('\n');
}

function ratingsChart(feedback: FeedbackStats): string {
  const rowHeight = 32;
  const labelWidth = 40;
  const barSpace = CHART_WIDTH - labelWidth - 80;
  const largest = Math.max(1, ...FEEDBACK_RATINGS.map((rating) => feedback.ratings[rating]));
  const rows = FEEDBACK_RATINGS.map((rating, index) => {
    const count = feedback.ratings[rating];
    const y = index * rowHeight;
    const width = count > 0 ? Math.max(2, (count / largest) * barSpace) : 0;
    return [
      `<g>`,
      `<title>${rating}: ${count}</title>`,
      `<text x="0" y="${y + 21}" class="label">${rating}</text>`,
      `<rect x="${labelWidth}" y="${y + 6}" width="${width.toFixed(1)}" height="22" rx="3" class="bar-main"/>`,
      `<text x="${(labelWidth + width + 8).toFixed(1)}" y="${y + 21}" class="value">${count}</text>`,
      `</g>`,
    ].join('');
  });
  const height = FEEDBACK_RATINGS.length * rowHeight;
  return [
    `<svg role="img" aria-labelledby="ratings-title" aria-describedby="ratings-desc" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}">`,
    `<title id="ratings-title">Answers by rating, from 1 (not useful) to 5 (very useful)</title>`,
    `<desc id="ratings-desc">${FEEDBACK_RATINGS.map((rating) => `${rating}: ${feedback.ratings[rating]}`).join('; ')}</desc>`,
    ...rows,
    `</svg>`,
  ].join('\n');
}

/** The answers to the completion view's question; the comments are the learners' words, shown as text only. */
function feedbackSection(feedback: FeedbackStats): string {
  const summary = `<p>${feedback.answers} answer${feedback.answers === 1 ? '' : 's'} in the period, average ${averageRating(feedback.average_rating)} (1 to 5).</p>`;
  if (feedback.answers === 0) return ['<h2>How useful was this course?</h2>', summary].join('\n');
  const comments =
    feedback.latest_comments.length === 0
      ? '<p>No comments.</p>'
      : [
          '<ul class="comments">',
          ...feedback.latest_comments.map(
            ({ day, rating, comment }) =>
              `<li><p class="meta">${escapeHtml(day)} · rated ${rating}</p><blockquote>${escapeHtml(comment)}</blockquote></li>`,
          ),
          '</ul>',
        ].join('\n');
  return [
    '<h2>How useful was this course?</h2>',
    summary,
    ratingsChart(feedback),
    '<h3>Latest comments, newest first</h3>',
    comments,
  ].join('\n');
}

function dailyTable(stats: FunnelStats): string {
  const headings = ['Day', ...COUNT_NAMES.map((name) => COUNT_HEADINGS[name])];
  const row = (first: string, cells: number[]) =>
    `<tr><th scope="row">${first}</th>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  return [
    '<table>',
    '<caption>Day by day (UTC)</caption>',
    `<thead><tr>${headings.map((heading) => `<th scope="col">${escapeHtml(heading)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...stats.days.map((day) =>
      row(
        day.day,
        COUNT_NAMES.map((name) => day[name]),
      ),
    ),
    '</tbody>',
    `<tfoot>${row(
      'Total',
      COUNT_NAMES.map((name) => stats.total[name]),
    )}</tfoot>`,
    '</table>',
  ].join('\n');
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1c1917; background: #fff; margin: 2rem; }
main { max-width: 60rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
svg { max-width: 100%; height: auto; display: block; }
.label, .value, .tick { fill: #1c1917; font-size: 13px; }
.bar-main { fill: #1d4ed8; } .bar-second { fill: #93c5fd; } .axis { stroke: #78716c; }
table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { padding: 0.2rem 0.5rem; border-bottom: 1px solid #e7e5e4; text-align: right; white-space: nowrap; }
.scroll { overflow-x: auto; margin-top: 2rem; }
thead th, caption { text-align: left; } caption { font-size: 1.15rem; font-weight: 700; padding: 0.5rem 0; }
tfoot th, tfoot td { font-weight: 600; }
h3 { font-size: 1rem; margin-top: 1.5rem; }
.comments { list-style: none; padding: 0; max-width: 45rem; }
.comments li { border-left: 3px solid #93c5fd; padding-left: 0.75rem; margin-bottom: 1rem; }
.comments .meta { margin: 0; color: #57534e; font-size: 13px; }
.comments blockquote { margin: 0.25rem 0 0; white-space: pre-line; overflow-wrap: anywhere; }
`;

export function funnelReportHtml(stats: FunnelStats): string {
  const { total } = stats;
  const period = `${stats.since} to ${stats.until}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Course funnel, ${period}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Course funnel, ${period}</h1>
<p>UTC days. Made by <code>npm run admin -- stats</code>.</p>
<h2>${escapeHtml(FUNNEL_WORDS.heading)}</h2>
<p>${escapeHtml(FUNNEL_WORDS.intro)}</p>
${funnelChart(stats)}
<p>Course e-mails: ${total.emails_delivered} of ${total.emails_queued} queued delivered (${percent(total.emails_delivered_rate)}); ${total.emails_failed} failed and still being retried; ${total.emails_dead} dead.</p>
<h2>Sign-ups per day</h2>
${signupsChart(stats)}
<div class="scroll">
${dailyTable(stats)}
</div>
${feedbackSection(stats.feedback)}
<h2>Reminders</h2>
<p>${escapeHtml(reminderSummary(stats.reminders))}</p>
<ul>
${COUNT_LEGEND.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
</main>
</body>
</html>
`;
}
