/**
 * Lets the event loop serve what is waiting (other users' requests, due timers) before the caller goes on:
 * between the steps of a long job, or between two heavy steps of one request, so that none holds it longer than one step.
 */
export const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
