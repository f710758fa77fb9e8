// The columns of the view `public.course_outline` the site reads, in the order every reader asks for them: /course
// in the browser, and the build that prerenders it for a static host.
export const OUTLINE_COLUMNS =
  'slug,title,summary,duration_seconds,order_index,poster_path,is_preview,speaks_to,video_path,captions_path,stream_path,streams';
