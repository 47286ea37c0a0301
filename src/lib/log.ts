type Fields = Record<string, unknown>;

const write = (level: string, event: string, fields?: Fields) => {
  if (level === "info" && process.env.PLEXUS_QUIET) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  (level === "error" ? console.error : console.log)(line);
};

/** One-line JSON logs on stdout and stderr. */
export const log = {
  info: (event: string, fields?: Fields) => write("info", event, fields),
  warn: (event: string, fields?: Fields) => write("warn", event, fields),
  error: (event: string, fields?: Fields) => write("error", event, fields),
};
