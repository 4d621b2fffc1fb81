/**
 * Text Case Converter: the converted text is recomputed on every change of
 * the text or the mode (no run step), with word and character counts for
 * both sides, Copy to Clipboard and Reset, and a section explaining each case.
 */
import { Button, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { Copy, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { notify } from '../engine/notify';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { convertCase, countCharacters, countWords, isCaseMode, type CaseMode } from '../lib/text-case';
import { t } from '../lib/i18n/messages';

/** What each case does (views.textCaseConverter.case.<mode>); the examples are computed by the converter itself. */
const description = (mode: CaseMode) => t(`views.textCaseConverter.case.${mode}`);

function Counts({ text, testId }: { text: string; testId: string }) {
  return (
    <Text as="p" size="2" color="gray" data-testid={testId}>
      {t('views.textCaseConverter.counts', { words: countWords(text), characters: countCharacters(text) })}
    </Text>
  );
}

export default function TextCaseConverter({ manifest }: ToolViewProps) {
  // The text converts as it is typed: there is no run, only Copy.
  const page = useToolPage(manifest);
  const { form } = page;
  const outputId = useId();
  const text = String(form.watch('text') ?? '');
  const modeValue = form.watch('mode');
  const mode: CaseMode = isCaseMode(modeValue) ? modeValue : 'uppercase';
  const output = convertCase(text, mode);
  const modeField = manifest.options.find((f) => f.name === 'mode');
  const choices = modeField && 'choices' in modeField ? modeField.choices : [];
  const { messages } = manifest;
  const example = t('views.textCaseConverter.exampleText');

  async function copy() {
    if (output.trim() === '') return notify.error(messages.copyEmpty);
    try {
      await navigator.clipboard.writeText(output);
      notify.success(messages.copied, messages.copiedTitle);
    } catch {
      notify.error(messages.copyFailed);
    }
  }

  return (
    <ToolFrame
      page={page}
      afterOptions={
        <>
          <Counts text={text} testId="input-counts" />
          <div className="field">
            <label htmlFor={outputId} className="field-label">
              {t('views.textCaseConverter.output')}
            </label>
            <TextArea id={outputId} readOnly rows={8} value={output} data-testid="case-output" />
            <Counts text={output} testId="output-counts" />
          </div>
        </>
      }
      controls={
        <Flex gap="3" wrap="wrap">
          <Button type="button" size="3" onClick={() => void copy()}>
            <Copy size={16} aria-hidden="true" /> {manifest.action.label}
          </Button>
          <Button type="button" size="3" variant="soft" color="gray" onClick={() => form.setValue('text', '')}>
            <RotateCcw size={16} aria-hidden="true" /> {t('views.textCaseConverter.reset')}
          </Button>
        </Flex>
      }
      help={
        <section aria-labelledby="case-styles">
          <Heading as="h2" size="5" id="case-styles" mb="3">
            {t('views.textCaseConverter.casesHeading')}
          </Heading>
          <Flex direction="column" gap="3">
            {choices.map((choice) => {
              const value = isCaseMode(choice.value) ? choice.value : null;
              if (!value) return null;
              return (
                <Card key={value} data-testid={`case-help-${value}`}>
                  <Heading as="h3" size="3">
                    {choice.label}
                  </Heading>
                  <Text as="p" size="2">
                    {description(value)}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {/* The label, then the sample sentence in this case, quoted. */}
                    {t('views.textCaseConverter.example')} <q>{convertCase(example, value)}</q>
                  </Text>
                </Card>
              );
            })}
          </Flex>
        </section>
      }
    />
  );
}
