import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** What the caller says next; Enter or the button adds it to the conversation. */
export function CallerSaysField({ id, onSay }: { id: string; onSay: (text: string) => void }) {
  const [said, setSaid] = useState('');

  function say() {
    const text = said.trim();
    if (!text) {
      return;
    }
    onSay(text);
    setSaid('');
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-said`}>Caller says</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-said`}
          value={said}
          onChange={(event) => setSaid(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              say();
            }
          }}
          placeholder="What the caller says next"
        />
        <Button variant="outline" onClick={say} disabled={!said.trim()}>
          Add to conversation
        </Button>
      </div>
    </div>
  );
}
