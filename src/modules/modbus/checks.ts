import type { ErrorDetail } from "../../lib/errors";
import { widthOf } from "./blocks";
import type { FieldInput } from "./model";

/** A host name or an IPv4 or IPv6 address: letters, digits, dots, hyphens and colons, nothing a URL could smuggle. */
const HOST = /^(?=.{1,253}$)[A-Za-z0-9.-]+$|^[0-9A-Fa-f:.]{2,45}$/;

/** "host", "host:port" or "[v6]:port" read into host and port (502 when none is given); a port out of 1..65535 is a complaint. */
export function readAddress(text: string): { host: string; port: number } | ErrorDetail {
  const path = "body.ipAddress";
  const trimmed = text.trim();
  const bracketed = trimmed.match(/^\[([^\]]+)\](?::(.*))?$/);
  const plain = bracketed ? null : trimmed.match(/^([^:]+)(?::(.*))?$/);
  const host = bracketed?.[1] ?? plain?.[1] ?? (trimmed.split(":").length > 2 ? trimmed : "");
  const portText = bracketed?.[2] ?? plain?.[2];
  if (!HOST.test(host)) return { path, message: "modbus.badHost", code: "modbus.badHost" };
  if (portText === undefined) return { host, port: 502 };
  const port = /^[0-9]{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) return { path, message: "modbus.badPort", code: "modbus.badPort" };
  return { host, port };
}

const complaint = (path: string, code: string): ErrorDetail => ({ path, message: code, code });

/**
 * What is wrong with one field: a name; registers past 65535; a BOOLEAN only on coils or discrete inputs, and
 * nothing else on them; the minimum not above the maximum, the thresholds in order and inside the range given.
 */
export function fieldProblems(field: FieldInput, i: number): ErrorDetail[] {
  const at = (key: string) => `body.fields.${i}.${key}`;
  const problems: ErrorDetail[] = [];
  const dataType = field.dataType ?? "WORD";
  const kind = field.registerKind ?? (dataType === "BOOLEAN" ? "COIL" : "HOLDING");
  if (!field.name.trim()) problems.push(complaint(at("name"), "modbus.nameRequired"));
  if (field.address + widthOf({ dataType, registerKind: kind }) - 1 > 65535) problems.push(complaint(at("address"), "modbus.pastLastRegister"));
  if ((kind === "COIL" || kind === "DISCRETE") && dataType !== "BOOLEAN") problems.push(complaint(at("registerKind"), "modbus.bitsAreBoolean"));
  const { minValue: min, maxValue: max, minThresholdValue: low, maxThresholdValue: high } = field;
  const given = (n: number | null | undefined): n is number => n !== null && n !== undefined;
  if (given(min) && given(max) && min > max) problems.push(complaint(at("minValue"), "modbus.minAboveMax"));
  if (given(low) && given(high) && low > high) problems.push(complaint(at("minThresholdValue"), "modbus.thresholdsCrossed"));
  for (const [key, value] of [["minThresholdValue", low], ["maxThresholdValue", high]] as const) {
    if (given(value) && ((given(min) && value < min) || (given(max) && value > max))) problems.push(complaint(at(key), "modbus.thresholdOutside"));
  }
  for (const key of ["minValue", "maxValue", "minThresholdValue", "maxThresholdValue", "scale", "offset"] as const) {
    const value = field[key];
    if (given(value) && !Number.isFinite(value)) problems.push(complaint(at(key), "modbus.notFinite"));
  }
  if (field.scale === 0) problems.push(complaint(at("scale"), "modbus.zeroScale"));
  return problems;
}
