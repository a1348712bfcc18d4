import { useEffect, useState } from 'react';
import { applyClassLiveMessage, classLiveChannel, classLiveMessageSchema } from '../classes';
import type { ClassLiveOutput } from '../classes';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

const EMPTY: ReadonlyMap<string, ClassLiveOutput> = new Map();

/**
 * The AI output of a class's runs as it is being written (teacher), by run id: joins the class's
 * private live channel while someone is signed in. A run's entry stays until the view shows its
 * finished output instead (useClassRuns).
 */
export function useClassLiveOutput(classId: string | undefined): ReadonlyMap<string, ClassLiveOutput> {
  const client = useAppforge();
  const { user } = useSession();
  const userId = user?.id;
  const [outputs, setOutputs] = useState(EMPTY);
  useEffect(() => {
    setOutputs(EMPTY);
    if (!userId || !classId) return undefined;
    return client.live.broadcast(classLiveChannel(classId), (payload) => {
      const message = classLiveMessageSchema.safeParse(payload);
      if (message.success) setOutputs((state) => applyClassLiveMessage(state, message.data));
    });
  }, [client, userId, classId]);
  return outputs;
}
