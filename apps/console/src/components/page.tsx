import type { ReactNode } from 'react';

import { PageHeader } from './page-header';

const PRODUCT_NAME = 'EHR API Gateway';

/** What the browser tab says for a screen: "Metrics · EHR API Gateway". */
export function documentTitle(screen: string): string {
  return `${screen} · ${PRODUCT_NAME}`;
}

/** A console screen: the tab's title, the heading with its actions, and the content below. */
export function Page({
  title,
  tabTitle = title,
  description,
  actions,
  children,
}: {
  title: string;
  /** When the tab says it shorter than the heading ("Configuration"). */
  tabTitle?: string;
  description: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <title>{documentTitle(tabTitle)}</title>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
