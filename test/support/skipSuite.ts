/**
 * Stands in for a contract suite whose server is not configured: one line on stderr says which
 * suite did not run and why, and mocha reports it as pending rather than passed.
 */
export const skipSuite = (title: string, reason: string): void => {
  describe(title, function () {
    before(function () {
      process.stderr.write(`${title} skipped: ${reason}\n`);
      // Pending, with the reason in its title: the report says why it did not run.
      this.skip();
    });
    it(`skipped: ${reason}`, () => undefined);
  });
};
