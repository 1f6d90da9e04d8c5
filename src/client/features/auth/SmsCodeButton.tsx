import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { SMS_RESEND_MS } from '../../../shared/constants';

interface SmsCodeButtonProps {
  /** Sends the code; resolves true when sent, which starts the 60 s countdown. */
  onSend: () => Promise<boolean>;
}

export function SmsCodeButton({ onSend }: SmsCodeButtonProps) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until === 0) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(0);
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const send = async () => {
    setBusy(true);
    try {
      if (await onSend()) {
        const start = Date.now();
        setNow(start);
        setUntil(start + SMS_RESEND_MS);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="light"
      size="compact-sm"
      miw={104}
      disabled={left > 0}
      loading={busy}
      onClick={() => void send()}
      data-testid="send-sms"
    >
      {left > 0 ? <Trans>{left} 秒后重发</Trans> : <Trans>获取验证码</Trans>}
    </Button>
  );
}
