import { Fragment } from 'react';

/** A URL path that wraps after its slashes, never inside a segment, when the line is too narrow. */
export function BreakablePath({ path }: { path: string }) {
  const segments = path.split('/');
  return (
    <>
      {segments.map((segment, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              /<wbr />
            </>
          )}
          {segment}
        </Fragment>
      ))}
    </>
  );
}
