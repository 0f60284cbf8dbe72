import { useEffect, useId, useRef, type ChangeEvent, type CSSProperties, type ReactNode } from 'react'
import { primaryColor } from './Plain'

// Mantine's NativeSelect, TextInput, Textarea and Checkbox written out for the asset page and
// explore, whose download options, credit lines, share link and filters are rendered on every
// request although most show only when a <details> opens: Mantine's input machinery (wrapper,
// label, sections, styles) was a fifth of the asset page's render CPU. Same markup and class names, so Mantine's stylesheet styles
// them the same; tests/unit/plain-mantine.test.ts compares them with Mantine's own.

/** The id Mantine gives an input on the server, so label and input stay paired the same way. */
function useFieldId(): string {
  return `mantine-${useId().replace(/:/g, '')}`
}

/** Mantine's Input.Wrapper with its label, at size sm; `kind` names Mantine's component. */
function Wrapper({
  id,
  kind,
  label,
  description,
  className,
  wrapperStyle,
  wrapperData,
  children,
}: {
  id: string
  kind: 'NativeSelect' | 'TextInput' | 'Textarea'
  label: string
  /** A line under the label (the input then names it with aria-describedby). */
  description?: string
  className?: string
  wrapperStyle: Record<string, string>
  wrapperData: Record<string, string>
  children: ReactNode
}) {
  return (
    <div
      className={`${className ? `${className} ` : ''}m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`}
      data-size="sm"
    >
      <label
        style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties}
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-size="sm"
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
      </label>
      {description ? (
        <p
          style={
            {
              '--input-description-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
            } as CSSProperties
          }
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          data-size="sm"
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={
          {
            ...(description ? { '--input-margin-top': 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
            '--input-height': 'var(--input-height-sm)',
            '--input-fz': 'var(--mantine-font-size-sm)',
            ...wrapperStyle,
          } as CSSProperties
        }
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size="sm"
        {...wrapperData}
      >
        {children}
      </div>
    </div>
  )
}

const CHEVRON =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z'

/** Mantine's `<NativeSelect>`: a labelled <select> with its chevron (`value` with `onChange`, or `defaultValue`). */
export function SelectField({
  label,
  name,
  defaultValue,
  value,
  onChange,
  data,
  className,
}: {
  label: string
  name: string
  data: { value: string; label: string }[]
  className?: string
} & (
  | { defaultValue: string; value?: never; onChange?: never }
  | { value: string; onChange: (event: ChangeEvent<HTMLSelectElement>) => void; defaultValue?: never }
)) {
  const id = useFieldId()
  return (
    <Wrapper
      id={id}
      kind="NativeSelect"
      label={label}
      className={className}
      wrapperStyle={{ '--input-right-section-pointer-events': 'none' }}
      wrapperData={{ 'data-pointer': 'true', 'data-with-right-section': 'true' }}
    >
      <select
        className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
        data-variant="default"
        name={name}
        id={id}
        {...(value !== undefined ? { value, onChange } : { defaultValue })}
      >
        {data.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
        <svg
          style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' } as CSSProperties}
          className="m_2943220b mantine-ComboboxChevron-chevron"
          data-size="sm"
          data-combobox-chevron="true"
          viewBox="0 0 15 15"
          fill="none"
          xmlns="http://www.w3.org/2000/svg"
        >
          <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </div>
    </Wrapper>
  )
}

/** Mantine's `<TextInput>` in a form: a labelled text field, with a line under the label if told. */
export function TextField({
  label,
  name,
  description,
  defaultValue,
}: {
  label: string
  name: string
  description?: string
  defaultValue: string
}) {
  const id = useFieldId()
  return (
    <Wrapper id={id} kind="TextInput" label={label} description={description} wrapperStyle={{}} wrapperData={{}}>
      <input
        className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        data-variant="default"
        aria-describedby={description ? `${id}-description` : undefined}
        id={id}
        name={name}
        defaultValue={defaultValue}
      />
    </Wrapper>
  )
}

/** Mantine's `<Checkbox>` with its label on the right. */
export function CheckField({
  label,
  name,
  value,
  defaultChecked,
}: {
  label: string
  name: string
  value: string
  defaultChecked: boolean
}) {
  const id = useFieldId()
  const style = {
    '--checkbox-radius': 'var(--mantine-radius-sm)',
    '--checkbox-color': `var(--mantine-color-${primaryColor}-filled)`,
  }
  return (
    <div
      style={style as CSSProperties}
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-label-position="right"
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-with-error-styles="true"
            id={id}
            type="checkbox"
            name={name}
            value={value}
            defaultChecked={defaultChecked}
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden="true"
            className="m_bf295423 mantine-Checkbox-icon"
          >
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper">
          <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={id}>
            {label}
          </label>
        </div>
      </div>
    </div>
  )
}

/** Mantine's `<TextInput readOnly>`: text to select and copy (the whole of it on focus). */
export function ReadOnlyField({ label, value, className }: { label: string; value: string; className?: string }) {
  const id = useFieldId()
  return (
    <Wrapper id={id} kind="TextInput" label={label} className={className} wrapperStyle={{}} wrapperData={{}}>
      <input
        className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        data-variant="default"
        readOnly
        id={id}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
      />
    </Wrapper>
  )
}

/**
 * Mantine's `<Textarea readOnly autosize>`: text to select and copy, as tall as its text. Where
 * the browser sizes fields to their content (CSS field-sizing) that needs nothing else, with or
 * without JavaScript; elsewhere the height is set from the text once it is shown (these sit in
 * closed <details>, where nothing has a height until they open) and when the window resizes.
 */
export function ReadOnlyText({
  label,
  value,
  minRows,
  monospace = false,
  className,
}: {
  label: string
  value: string
  minRows: number
  monospace?: boolean
  className?: string
}) {
  const id = useFieldId()
  const ref = useRef<HTMLTextAreaElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: another text is measured again
  useEffect(() => {
    const textarea = ref.current
    if (!textarea || CSS.supports('field-sizing', 'content')) return
    const sizeToText = () => {
      if (!textarea.offsetParent) return
      textarea.style.height = 'auto'
      textarea.style.height = `${textarea.scrollHeight + textarea.offsetHeight - textarea.clientHeight}px`
    }
    sizeToText()
    const details = textarea.closest('details')
    details?.addEventListener('toggle', sizeToText)
    window.addEventListener('resize', sizeToText)
    return () => {
      details?.removeEventListener('toggle', sizeToText)
      window.removeEventListener('resize', sizeToText)
    }
  }, [value])
  return (
    <Wrapper
      id={id}
      kind="Textarea"
      label={label}
      className={className}
      wrapperStyle={{ '--input-padding-y': 'var(--input-padding-y-sm)' }}
      wrapperData={{ 'data-multiline': 'true' }}
    >
      <textarea
        ref={ref}
        rows={minRows}
        style={monospace ? { fontFamily: 'var(--mantine-font-family-monospace)' } : undefined}
        className="m_8fb7ebe7 mantine-Input-input mantine-Textarea-input"
        data-variant="default"
        readOnly
        data-no-overflow="true"
        id={id}
        value={value}
      />
    </Wrapper>
  )
}
