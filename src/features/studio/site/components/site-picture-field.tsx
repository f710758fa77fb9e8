import { useState } from 'react';
import { type SiteWordKey, siteWordRules } from '@/content/site-word-rules';
import { studioSiteCopy as copy } from '@/content/studio-site';
import { aboutCopy } from '@/content/about';
import { teaserSettings } from '@/content/teaser';
import { publicFileUrl } from '@/shared/site-words/public-file-url';
import type { CheckedPicture } from '../../pictures/inspect-picture';
import { PictureField } from '../../pictures/picture-field';

type PictureKey = {
  [Key in SiteWordKey]: (typeof siteWordRules)[Key]['kind'] extends 'picture' ? Key : never;
}[SiteWordKey];

/** What each picture shows until the owner uploads her own. */
const shippedPictures: Record<PictureKey, string> = {
  'page.shareImage': '/og-image.png',
  'about.photo': aboutCopy.photo,
  'teaser.poster': teaserSettings.still,
};

export const isPictureKey = (key: SiteWordKey): key is PictureKey => siteWordRules[key].kind === 'picture';

/**
 * One of the site's pictures: the one shown now (hers or the shipped one), a file input whose pick is checked by its
 * bytes and uploaded at once, and the way back to the shipped picture. Her field's words become the uploaded
 * picture's name, drafted and published with the rest.
 */
export function SitePictureField({
  id,
  name,
  value,
  error,
  disabled,
  onChange,
  upload,
}: {
  id: string;
  name: PictureKey;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  upload: (picture: CheckedPicture) => Promise<string>;
}) {
  const { label, hint } = copy.fields[name];
  const [state, setState] = useState<{ uploading: boolean; said: string | null; failed: string | null }>({
    uploading: false,
    said: null,
    failed: null,
  });

  async function uploaded(picture: CheckedPicture) {
    setState({ uploading: true, said: copy.pictures.uploading, failed: null });
    try {
      onChange(await upload(picture));
      setState({ uploading: false, said: copy.pictures.uploaded, failed: null });
    } catch (failure) {
      console.error('Studio: a site picture could not be uploaded.', failure);
      const reason = failure instanceof Error ? failure.message : String(failure);
      setState({ uploading: false, said: null, failed: copy.pictures.uploadFailed(reason) });
    }
  }

  return (
    <div className="grid gap-3">
      <PictureField
        id={id}
        label={label}
        hint={`${hint ?? ''} ${copy.pictures.rules}`.trim()}
        error={state.failed ?? error ?? null}
        disabled={disabled || state.uploading}
        remove={
          value === ''
            ? undefined
            : {
                label: copy.pictures.reset,
                ariaLabel: copy.pictures.resetLabel(label),
                onRemove: () => {
                  setState({ uploading: false, said: null, failed: null });
                  onChange('');
                },
              }
        }
        onPicked={(picture) => void uploaded(picture)}
        onRefused={(message) => setState({ uploading: false, said: null, failed: message })}
      />
      <p aria-live="polite" className="text-sm text-ink-soft empty:hidden">
        {state.said}
      </p>
      <figure className="max-w-60">
        <img
          src={value ? publicFileUrl('guides', value) : shippedPictures[name]}
          alt=""
          className="max-h-40 w-auto rounded-lg border border-line object-contain"
        />
        <figcaption className="mt-1 text-sm text-ink-muted">
          {value ? copy.pictures.yours : copy.pictures.shipped}
        </figcaption>
      </figure>
    </div>
  );
}
