/** One of the chart wizard's labelled selects: `options` as value and text, `onChoose` with the chosen value. */
export function ChoiceField({ id, label, value, options, onChoose }: { id: string; label: string; value: string; options: { value: string; text: string }[]; onChoose: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChoose(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}
