import { assert } from 'chai';
import { InvalidArgumentError } from 'commander';
import { wholeNumberArgument } from '../run/option-parsers';

suite('option parsers', () => {
    test('a whole number: the range\'s ends accepted; an empty value, a fraction, text and a number outside refused naming the option', () => {
        const parse = (text: string): number => wholeNumberArgument(text, { flag: '--pause', range: { min: 0, max: 5000 } });
        assert.strictEqual(parse('0'), 0);
        assert.strictEqual(parse('5000'), 5000);
        // Number('') is 0: an empty value must not pass as "no pause".
        for (const text of ['', ' ', '1.5', 'abc', '-1', '5001']) {
            assert.throws(() => parse(text), InvalidArgumentError, '--pause must be a whole number from 0 to 5000.', JSON.stringify(text));
        }
    });
});
