/**
 * A payload opened for an answer, kept as the JSON text it was sealed as: an answer writes the
 * text as it is (see jsonAnswer) rather than parse it only to write it again, which for a
 * payload of 256 KiB is most of what serving it costs. Anything else that serializes it gets
 * the value (`toJSON`).
 */
export class OpenedJson {
  constructor(readonly json: string) {}

  toJSON(): unknown {
    return JSON.parse(this.json) as unknown;
  }
}
